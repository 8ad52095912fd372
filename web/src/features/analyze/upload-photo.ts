import { ROUTE } from '#shared/routes.ts';
import { call } from '#web/lib/call.ts';

/** POST /api/upload (no sign-in needed): the API keeps the photo for one hour and answers its id. */
export async function uploadPhoto(image: Blob, filename: string): Promise<string> {
  const form = new FormData();
  // a chosen file was checked and shrunk when it was chosen (validate-upload.ts)
  form.append('image', image, filename);
  const { id } = await call(ROUTE.upload, { body: form });
  if (!id) throw new Error('Upload answered without an id');
  return id;
}
