import { Link } from 'react-router-dom';
import { buttonClasses } from '#web/components/ui/Button.tsx';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <h1 className="text-4xl font-black">404 Page Not Found</h1>
      <p className="mt-3 text-zinc-400">The page you are looking for does not exist.</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to home
      </Link>
    </div>
  );
}
