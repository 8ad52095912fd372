import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShareCreated, ShareRequest } from '#shared/schemas.ts';
import { createShare, fetchSharedRating, revokeShare, shareQueryKey } from './share-api.ts';
import { isShareId } from '#shared/share-id.ts';

/** A public share; `data` is null when it was removed or never existed. */
export function useSharedRating(shareId: string | null | undefined) {
  return useQuery({
    queryKey: shareQueryKey(shareId ?? ''),
    queryFn: () => fetchSharedRating(shareId ?? ''),
    enabled: isShareId(shareId),
  });
}

/** Creates (or updates the options of) a rating's share link; the public view is refetched next time. */
export function useCreateShare(ratingId: string) {
  const queryClient = useQueryClient();
  return useMutation<ShareCreated, Error, ShareRequest>({
    mutationFn: (options) => createShare(ratingId, options),
    onSuccess: (share) => void queryClient.invalidateQueries({ queryKey: shareQueryKey(share.shareId) }),
  });
}

export function useRevokeShare(ratingId: string) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string | undefined>({
    mutationFn: () => revokeShare(ratingId),
    onSuccess: (_void, shareId) => {
      if (shareId) queryClient.setQueryData(shareQueryKey(shareId), null);
    },
  });
}
