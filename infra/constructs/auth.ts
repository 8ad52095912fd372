import { Aws, Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolIdentityProviderGoogle,
  type UserPoolDomain,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

/**
 * The web app's dev servers, allowed as OAuth redirect targets next to the CloudFront origin outside production only:
 * in production an authorization code must never be sent to whatever listens on a visitor's port 5173.
 */
export const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

export interface GoogleSignIn {
  clientId: string;
  /** name of a Secrets Manager secret whose value is the Google OAuth client secret (plain string) */
  clientSecretName: string;
  /** Cognito hosted domain prefix: <prefix>.auth.<region>.amazoncognito.com */
  domainPrefix: string;
}

export interface AuthProps {
  prod: boolean;
  /** https origin of the site (CloudFront), for the OAuth callback and sign-out URLs */
  siteUrl: string;
  google?: GoogleSignIn;
}

/** Cognito user pool and the web app's client; Google sign-in through the hosted domain when configured. */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain?: UserPoolDomain;
  /** host name of the hosted domain (no scheme), as Amplify's oauth.domain wants it */
  readonly oauthDomain?: string;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `${Stack.of(this).stackName}-users`,
      selfSignUpEnabled: true,
      signInAliases: { username: true, email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // the product's rule: at least 6 characters and nothing else (see infra/nag.ts for the COG1 acknowledgement)
      passwordPolicy: {
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: props.prod,
      removalPolicy: props.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    const providers = [UserPoolClientIdentityProvider.COGNITO];
    let google: UserPoolIdentityProviderGoogle | undefined;
    if (props.google) {
      google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: props.google.clientId,
        // resolved by CloudFormation at deploy time; the secret never appears in the template
        clientSecretValue: SecretValue.secretsManager(props.google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
          fullname: ProviderAttribute.GOOGLE_NAME,
          custom: { email_verified: ProviderAttribute.other('email_verified') },
        },
      });
      providers.push(UserPoolClientIdentityProvider.GOOGLE);
      this.domain = this.userPool.addDomain('HostedDomain', {
        cognitoDomain: { domainPrefix: props.google.domainPrefix },
      });
      this.oauthDomain = `${props.google.domainPrefix}.auth.${Aws.REGION}.amazoncognito.com`;
    }

    const origins = [props.siteUrl, ...(props.prod ? [] : DEV_ORIGINS)];
    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      // SRP in AWS; user-password for scripted tests and the local stack's parity
      authFlows: { userSrp: true, userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      supportedIdentityProviders: providers,
      // without Google the client needs no OAuth at all (CDK would otherwise default to implicit grant and example.com)
      disableOAuth: !props.google,
      oAuth: props.google
        ? {
            flows: { authorizationCodeGrant: true },
            scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
            // the web app's Amplify config: redirectSignIn <origin>/auth, redirectSignOut <origin>/
            callbackUrls: origins.map((o) => `${o}/auth`),
            logoutUrls: origins.map((o) => `${o}/`),
          }
        : undefined,
    });
    // the client must not be created before Cognito knows the provider it names
    if (google) this.client.node.addDependency(google);
  }

  /** JWT issuer of the pool's tokens (the ProviderURL attribute lacks the https:// the authorizer compares) */
  get issuerUrl(): string {
    return `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
