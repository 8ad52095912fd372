/** Cognito names federated users '<provider>_<id>'. */
export function isFederatedUsername(username: string): boolean {
  return /^google_/i.test(username);
}
