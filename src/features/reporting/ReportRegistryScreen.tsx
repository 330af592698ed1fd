import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { reportRegistryQuery } from '../../api/calls/reports';
import { errorMessage } from '../../api/httpErrors';
import { Alert } from '../../ui/feedback/Alert';
import { PageHeader } from '../../ui/PageHeader';

// /reporting: the reports this user may run (SPEC §2 "Reporting"). The list is the server's registry,
// already narrowed to the user's privileges, so a new report appears here without a change to the portal.
export function ReportRegistryScreen() {
  const reports = useQuery(reportRegistryQuery);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Reports"
        description="The reports you may run. Each opens with its filters, figures and files."
      />
      {reports.error && (
        <Alert tone="error">{`The reports could not be loaded. ${errorMessage(reports.error)}`}</Alert>
      )}
      {reports.data?.length === 0 && (
        <Alert tone="info">No report is open to your role. Ask an administrator.</Alert>
      )}
      <ul className="grid gap-4 sm:grid-cols-2" aria-busy={reports.isPending || undefined}>
        {reports.data?.map((report) => (
          <li key={report.code}>
            <Link
              to={report.path}
              className="group block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow"
            >
              <h2 className="text-base font-semibold text-slate-900 group-hover:text-indigo-700">
                {report.name}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{report.description}</p>
              <span className="mt-3 inline-block text-sm font-medium text-indigo-700">Run report →</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
