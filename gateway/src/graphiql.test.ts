import { describe, expect, it } from 'vitest';
import { buildSchema, parse, validate } from 'graphql';
import { readTypeDefs } from './schema';
import { EXAMPLE_OPERATIONS } from './graphiql';

describe('the GraphiQL examples', () => {
  it('are valid operations of the contract, so a developer can run each one as shown', () => {
    const schema = buildSchema(readTypeDefs().join('\n'));
    const document = parse(EXAMPLE_OPERATIONS);
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    const names = document.definitions.flatMap((definition) =>
      definition.kind === 'OperationDefinition' && definition.name ? [definition.name.value] : [],
    );
    expect(names).toEqual(expect.arrayContaining(['ConfirmOrder', 'PlaceOrder', 'PayByBalance']));
  });
});
