/**
 * A store refused a write whose condition the domain expected to hold (a profile that is no longer live, …). Stores
 * answer the conditions the domain plans for with a result (false, undefined, an outcome); this error is for the rest,
 * and both the DynamoDB and the in-memory stores throw it for the same writes.
 */
export class ConditionFailed extends Error {
  override name = 'ConditionFailed';
}
