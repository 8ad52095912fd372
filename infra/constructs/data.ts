import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_LIST, type TableDef } from '#shared/tables.ts';

export type TableId = TableDef['id'];

export interface DataProps {
  /** production keeps its tables through stack deletion and refuses accidental table deletes */
  prod: boolean;
}

/** The DynamoDB tables of shared/tables.ts; key names come only from there. */
export class Data extends Construct {
  readonly tables: Record<TableId, Table>;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const tables: Partial<Record<TableId, Table>> = {};
    for (const def of TABLE_LIST) {
      const table = new Table(this, pascal(def.id), {
        partitionKey: { name: def.partitionKey, type: AttributeType.STRING },
        sortKey: def.sortKey ? { name: def.sortKey, type: AttributeType.STRING } : undefined,
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        timeToLiveAttribute: def.ttlAttribute,
        deletionProtection: props.prod,
        removalPolicy: props.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      for (const index of def.indexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
          sortKey: { name: index.sortKey, type: AttributeType.STRING },
          projectionType: ProjectionType.ALL,
        });
      }
      tables[def.id] = table;
    }
    this.tables = tables as Record<TableId, Table>;
  }
}

export function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
