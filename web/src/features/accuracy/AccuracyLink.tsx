import { Link } from 'react-router-dom';

/** Under every result: where the score's measured accuracy is explained. */
export function AccuracyLink() {
  return (
    <Link to="/accuracy" className="text-sm text-accent-teal underline">
      How accurate is it?
    </Link>
  );
}
