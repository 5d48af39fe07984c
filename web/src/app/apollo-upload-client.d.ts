/** apollo-upload-client ships JavaScript with JSDoc only; the one class the web uses, as its JSDoc describes it. */
declare module 'apollo-upload-client/UploadHttpLink.mjs' {
  import { ApolloLink } from '@apollo/client';

  export default class UploadHttpLink extends ApolloLink {
    constructor(options?: {
      uri?: string;
      credentials?: RequestCredentials;
      headers?: Record<string, string>;
      includeUnusedVariables?: boolean;
    });
  }
}
