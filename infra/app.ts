import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { configFromContext, HairlineStack } from './stack.ts';

// CDK's built-in CloudFormation schema check adds 10-20 s to every synth on this project's small machines, and
// CloudFormation checks the same at deploy: it runs only with `-c cfnValidation=true`. cdk-nag always runs.
// The flag must be known before the real App exists, so a throwaway App (never synthesized) reads the context.
const cfnValidation = String(new App({ autoSynth: false }).node.tryGetContext('cfnValidation')) === 'true';

const app = new App({ builtinCloudFormationValidation: cfnValidation });
const config = configFromContext(app.node);
new HairlineStack(app, `HairlineRater-${config.stage}`, {
  config,
  description: `Hairline Rater (${config.stage})`,
  // unset offline: the template stays environment-agnostic; `cdk deploy` fills both from the credentials
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
