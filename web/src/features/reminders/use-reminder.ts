import { ROUTE } from '#shared/routes.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderState } from '#shared/reminders.ts';
import { call, callIfSignedIn } from '#web/lib/call.ts';

export const REMINDER_PATH = ROUTE.getReminder.path;

/** The signed-in user's retake reminder, and turning it on or off (POST / DELETE answer the new state). */
export function useReminder() {
  const queryClient = useQueryClient();
  const query = useQuery<ReminderState | null>({
    queryKey: [REMINDER_PATH],
    queryFn: () => callIfSignedIn(ROUTE.getReminder, {}),
  });
  const mutation = useMutation<ReminderState, Error, boolean>({
    mutationFn: async (on) => (on ? call(ROUTE.setReminder, {}) : call(ROUTE.deleteReminder, {})),
    onSuccess: (state) => queryClient.setQueryData([REMINDER_PATH], state),
  });
  return { state: query.data, loading: query.isLoading, change: mutation };
}
