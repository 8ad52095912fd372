/** The guided retake's address: the home page's upload panel opens the camera with the retake of that kind of photo on. */
export type RetakeKind = 'face' | 'crown';

const PARAM = 'retake';

export const retakeHref = (kind: RetakeKind) => `/?${PARAM}=${kind}#analyze`;

export function retakeAsked(search: string): RetakeKind | undefined {
  const value = new URLSearchParams(search).get(PARAM);
  return value === 'face' || value === 'crown' ? value : undefined;
}
