import type { ApolloLink } from '@apollo/client';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { config } from '../config';

/**
 * The terminating link of uploads (FILE-03): apollo-upload-client's UploadHttpLink, which sends an operation whose
 * variables carry a File as a GraphQL multipart request. Only the upload control imports this module, so the home
 * route's bundle does not carry it (ADR 0302); the control hands it to the client in the operation's context
 * (`UploadContext`), and app/apollo.ts sends that operation through it. `apollo-require-preflight` satisfies the
 * gateway's CSRF prevention, which refuses a multipart request a plain HTML form could send.
 */
export const uploadLink: ApolloLink = new UploadHttpLink({
  uri: config.graphqlUrl,
  credentials: 'same-origin',
  headers: { 'apollo-require-preflight': 'true' },
});

/** The context of an operation that travels through its own terminating link. */
export interface UploadContext {
  transport: ApolloLink;
}
