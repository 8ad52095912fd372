/** cdk-nag AwsSolutions: every finding is either fixed or acknowledged in infra/nag.ts with a reason. */
import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { configFromContext, HairlineStack } from '#infra/stack.ts';
import { tempDirs } from '#test/support/temp-dirs.ts';

const cloudAssembly = tempDirs('cdk-nag-');

function build(context: Record<string, unknown> = {}): HairlineStack {
  const cdkJson = JSON.parse(readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8'));
  const app = new App({
    outdir: cloudAssembly(),
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], webDir: 'test/no-web-build', ...context },
    builtinCloudFormationValidation: false,
  });
  return new HairlineStack(app, 'HairlineNag', { config: configFromContext(app.node) });
}

function unacknowledged(stack: HairlineStack) {
  return new AwsSolutionsChecks().validateScope(stack).violations.map((v) => ({
    rule: v.ruleName,
    severity: v.severity,
    resources: v.violatingResources.map((r) => r.constructPath),
  }));
}

function acknowledgements(stack: HairlineStack): { id: string; reason: string }[] {
  return stack.node
    .findAll()
    .flatMap((c) =>
      c.node.metadata
        .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ id, reason }))),
    );
}

describe('cdk-nag AwsSolutions', () => {
  it('the check is live: an unacknowledged finding is reported', () => {
    const stack = build();
    new Bucket(stack, 'Unreviewed');
    expect(unacknowledged(stack).map((v) => v.rule)).toContain('AwsSolutions-S10');
  }, 60_000);

  it('dev stack: no unacknowledged errors or warnings', () => {
    expect(unacknowledged(build())).toEqual([]);
  }, 60_000);

  it('prod stack with Google, Stripe.js and analytics: no unacknowledged errors or warnings', () => {
    const stack = build({
      stage: 'prod',
      googleClientId: 'x.apps.googleusercontent.com',
      stripePublishableKey: 'pk_test_1',
      analyticsId: 'G-1',
    });
    expect(unacknowledged(stack)).toEqual([]);
  }, 60_000);

  it('every acknowledgement names an AwsSolutions rule and gives a real reason', () => {
    const acks = acknowledgements(build());
    expect(acks.length).toBeGreaterThan(10);
    for (const { id, reason } of acks) {
      expect(id).toMatch(/AwsSolutions-[A-Z]+\d+/);
      expect(reason.length, id).toBeGreaterThan(40);
    }
  }, 60_000);
});
