import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOCAL_KEYS, readItem, removeItem } from '#web/lib/storage-keys.ts';
import {
  deleteRating,
  fetchRating,
  fetchRatingsPage,
  historyQueryKey,
  isRatingsQuery,
  ratingQueryKey,
} from './history-api.ts';

/** The caller's analyses, newest first, a page at a time ("Load more"). */
export function useHistory() {
  const query = useInfiniteQuery({
    queryKey: historyQueryKey,
    queryFn: ({ pageParam }) => fetchRatingsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return { ...query, items };
}

/** One analysis with its overlay and progress. */
export function useRating(id: string) {
  return useQuery({ queryKey: ratingQueryKey(id), queryFn: () => fetchRating(id) });
}

/** Deletes an analysis; the list, every rating (their progress may change) and a stored last result are refreshed. */
export function useDeleteRating(onDeleted?: (id: string) => void) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: deleteRating,
    onSuccess: async (_void, id) => {
      // first (e.g. leave the deleted analysis's page), so that nothing refetches the rating that is gone
      onDeleted?.(id);
      if (readItem('local', LOCAL_KEYS.lastRatingId) === id) {
        removeItem('local', LOCAL_KEYS.lastRatingId, LOCAL_KEYS.lastAnalysisResult);
      }
      queryClient.removeQueries({ queryKey: ratingQueryKey(id) });
      await queryClient.invalidateQueries({ predicate: (q) => isRatingsQuery(q.queryKey) });
    },
  });
}
