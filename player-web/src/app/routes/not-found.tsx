import { Link } from 'react-router-dom';

export function NotFoundRoute() {
  return (
    <main className="grid min-h-dvh place-items-center bg-stone-50 px-6">
      <div className="w-full max-w-md rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm">
        <p className="text-6xl" aria-hidden="true">
          🫖
        </p>
        <h1 className="mt-3 text-2xl font-bold text-stone-900">404 Page Not Found</h1>
        <p className="mt-2 text-stone-600">Did you forget to add the page to the router?</p>
        <Link
          to="/"
          className="bg-brand-600 hover:bg-brand-700 mt-6 inline-flex rounded-xl px-5 py-2.5 font-semibold text-white"
        >
          Go home
        </Link>
      </div>
    </main>
  );
}
