import { Navigate, useSearchParams } from 'react-router-dom';
import { PACKAGES } from '#shared/packages.ts';

/** /checkout and /checkout?id=... go to the first package; a rating id travels along. */
export default function CheckoutRedirect() {
  const [params] = useSearchParams();
  const ratingId = params.get('id');
  const first = PACKAGES[0]!.id;
  const query = ratingId ? `?ratingId=${encodeURIComponent(ratingId)}` : '';
  return <Navigate to={`/checkout/${first}${query}`} replace />;
}
