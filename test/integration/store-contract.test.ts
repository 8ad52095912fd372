/** The DynamoDB stores on DynamoDB Local keep the conditions the in-memory ones are tested for (unit: store-contract). */
import { inject } from 'vitest';
import { storeContract } from '#test/support/store-contract.ts';
import { stackDb } from '../support/domain.ts';

const stack = inject('stack');

storeContract('DynamoDB Local', () => stackDb(stack));
