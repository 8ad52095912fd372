import { apiRequest } from '#web/lib/api.ts';

/** POST /api/upload (no sign-in needed): the API keeps the photo for one hour and answers its id. */
export async function uploadPhoto(image: Blob, filename: string): Promise<string> {
  const form = new FormData();
  // a chosen file was checked and shrunk when it was chosen (validate-upload.ts)
  form.append('image', image, filename);
  const res = await apiRequest('POST', '/api/upload', form);
  const body = (await res.json()) as { id?: unknown };
  if (typeof body.id !== 'string' || !body.id) throw new Error('Upload answered without an id');
  return body.id;
}
