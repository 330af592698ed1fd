export interface ErrorScreenProps {
  message: string;
}

// The last resort for an error no screen handled; a full reload is the honest way out.
export function ErrorScreen({ message }: ErrorScreenProps) {
  return (
    <section role="alert" aria-labelledby="error-title" className="mx-auto max-w-xl py-12 text-center">
      <h1 id="error-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Something went wrong
      </h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <a href="/" className="mt-6 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Reload the portal
      </a>
    </section>
  );
}
