import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { graphql } from '../gql';

/** What an order mutation (place, pay, cancel, confirm receipt) answers for each refusal, as this component shows it. */
export const UserErrorsFragment = graphql(`
  fragment UserErrors_orderError on OrderUserError {
    message
    field
    code
  }
`);

/** An expected refusal of a mutation (sold out, balance too low...): data the screen shows, not a failure. */
export interface UserError {
  message: string;
  field?: string | null;
  code: string;
}

/** Each refusal in an error message bar, with its message as the gateway worded it; `extra` adds a way out. */
export function UserErrors({
  errors,
  className,
  extra,
}: {
  errors: readonly UserError[];
  className?: string;
  extra?: (error: UserError) => ReactNode;
}) {
  return (
    <>
      {errors.map((error) => (
        <MessageBar key={`${error.code}-${error.message}`} intent="error" className={className} role="alert">
          <MessageBarBody>
            {error.message}
            {extra ? extra(error) : null}
          </MessageBarBody>
        </MessageBar>
      ))}
    </>
  );
}
