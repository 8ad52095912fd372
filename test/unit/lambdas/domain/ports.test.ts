/** The in-memory stores keep the DynamoDB stores' conditions (the same suite runs on DynamoDB Local: integration). */
import { memoryDb } from '#test/support/memory-stores/index.ts';
import { storeContract } from '#test/support/store-contract.ts';

storeContract('in memory', () => memoryDb());
