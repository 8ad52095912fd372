import { ROUTE } from '#shared/routes.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderState } from '#shared/reminders.ts';
import { ApiError } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';

export const REMINDER_PATH = ROUTE.getReminder.path;

/** The signed-in user's retake reminder, and turning it on or off (POST / DELETE answer the new state). */
export function useReminder() {
  const queryClient = useQueryClient();
  const query = useQuery<ReminderState | null>({
    queryKey: [REMINDER_PATH],
    queryFn: async () => {
      try {
        return await call(ROUTE.getReminder, {});
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
  const mutation = useMutation<ReminderState, Error, boolean>({
    mutationFn: async (on) => (on ? call(ROUTE.setReminder, {}) : call(ROUTE.deleteReminder, {})),
    onSuccess: (state) => queryClient.setQueryData([REMINDER_PATH], state),
  });
  return { state: query.data, loading: query.isLoading, change: mutation };
}
