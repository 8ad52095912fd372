import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReminderStateSchema, type ReminderState } from '#shared/reminders.ts';
import { apiRequest, getQueryFn } from '#web/lib/api.ts';

export const REMINDER_PATH = '/api/me/reminder';

/** The signed-in user's retake reminder, and turning it on or off (POST / DELETE answer the new state). */
export function useReminder() {
  const queryClient = useQueryClient();
  const query = useQuery<ReminderState | null>({
    queryKey: [REMINDER_PATH],
    queryFn: async (context) => {
      const body = await getQueryFn<unknown>({ on401: 'returnNull' })(context);
      return body === null ? null : ReminderStateSchema.parse(body);
    },
  });
  const mutation = useMutation<ReminderState, Error, boolean>({
    mutationFn: async (on) =>
      ReminderStateSchema.parse(await (await apiRequest(on ? 'POST' : 'DELETE', REMINDER_PATH)).json()),
    onSuccess: (state) => queryClient.setQueryData([REMINDER_PATH], state),
  });
  return { state: query.data, loading: query.isLoading, change: mutation };
}
