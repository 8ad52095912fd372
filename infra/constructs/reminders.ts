import path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, CfnFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { TABLES } from '#shared/tables.ts';
import { bundlingFor } from './functions.ts';

export interface RemindersProps {
  root: string;
  table: Table;
  /** the users table: the sender reads each reminder's profile and skips (and deletes) those of deleted accounts */
  usersTable: Table;
  siteUrl: string;
  /** the sender address, verified in SES (an address or its domain: docs/deploy.md, "Reminder e-mails") */
  fromEmail: string;
  /** the unsubscribe-token key (a Secrets Manager dynamic reference) */
  tokenSecret: string;
  logLevel: string;
  prod: boolean;
}

/**
 * The retake reminders' sender: a Lambda run every hour by an EventBridge rule, which queries the reminders table's
 * byDue index and sends each due e-mail with SES. Its role may read and update that table and send mail only as the
 * one sender identity.
 */
export class Reminders extends Construct {
  readonly sender: NodejsFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: RemindersProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'SenderLogs', {
      retention: props.prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: props.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.role = new Role(this, 'SenderRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(this.role);
    this.sender = new NodejsFunction(this, 'SenderFunction', {
      entry: path.join(props.root, 'lambdas/handlers/send-reminders.ts'),
      handler: 'handler',
      projectRoot: props.root,
      depsLockFilePath: path.join(props.root, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.minutes(5),
      description: 'Sends the retake reminders whose time has come (every hour)',
      role: this.role,
      logGroup,
      environment: {
        POWERTOOLS_SERVICE_NAME: 'hairline-rater',
        LOG_LEVEL: props.logLevel,
        POWERTOOLS_LOG_LEVEL: props.logLevel,
        [TABLES.reminders.envVar]: props.table.tableName,
        [TABLES.users.envVar]: props.usersTable.tableName,
        REMINDER_TOKEN_SECRET: props.tokenSecret,
        REMINDER_FROM_EMAIL: props.fromEmail,
        SITE_URL: props.siteUrl,
      },
      bundling: bundlingFor({ name: 'sendReminders' }, false),
    });
    // a stable logical id, so `sam local invoke SendRemindersFunction` works; overlapping runs are safe (the claim)
    (this.sender.node.defaultChild as CfnFunction).overrideLogicalId('SendRemindersFunction');

    props.table.grantReadWriteData(this.role);
    props.usersTable.grantReadData(this.role);
    const { account, region, partition } = Stack.of(this);
    const domain = props.fromEmail.split('@')[1] ?? props.fromEmail;
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        // SES authorises a send against the identity of the sender address: the address itself or its domain
        resources: [
          `arn:${partition}:ses:${region}:${account}:identity/${props.fromEmail}`,
          `arn:${partition}:ses:${region}:${account}:identity/${domain}`,
        ],
      }),
    );

    new Rule(this, 'Hourly', {
      description: 'Hairline Rater: send the retake reminders whose time has come',
      schedule: Schedule.rate(Duration.hours(1)),
      targets: [new LambdaFunction(this.sender, { retryAttempts: 0 })],
    });
  }
}
