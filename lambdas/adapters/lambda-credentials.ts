/**
 * Bundled in place of `@aws-sdk/credential-provider-node` (an esbuild alias in infra/constructs/functions.ts). Lambda
 * hands every function its role's credentials in environment variables, so the default chain's other sources (SSO,
 * profiles, web identity, instance metadata, with their nested STS/SSO clients: about 100 KB minified) are dead code
 * there. Locally the handlers run unbundled with the SDK's full chain.
 */
export function defaultProvider() {
  return async () => {
    const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey)
      throw new Error('AWS credentials are not in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
    const sessionToken = process.env.AWS_SESSION_TOKEN;
    return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
  };
}
