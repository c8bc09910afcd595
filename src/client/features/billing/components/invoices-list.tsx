import { useQuery } from '@tanstack/react-query';
import { invoicesQueryOptions } from '../api/billing-api.ts';
import { formatDate } from '#client/lib/format.ts';

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** Invoices as the payment provider reports them (the demo provider has none: it charges nothing). */
export function InvoicesList({ isDemo }: { isDemo: boolean }) {
  const invoices = useQuery(invoicesQueryOptions());
  if (isDemo) return <p className="text-muted-foreground">No invoices: the demo payment provider charges nothing.</p>;
  if (invoices.isPending) return <p className="text-muted-foreground">Loading invoices…</p>;
  if (invoices.isError) return <p role="alert">{invoices.error.message}</p>;
  if (invoices.data.length === 0) return <p className="text-muted-foreground">No invoices yet.</p>;
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-muted-foreground">
          <th className="py-2 font-medium">Date</th>
          <th className="py-2 font-medium">Amount</th>
          <th className="py-2 font-medium">Status</th>
          <th className="py-2 font-medium">
            <span className="sr-only">Link</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.data.map((invoice) => (
          <tr key={invoice.id} className="border-t">
            <td className="py-2">{formatDate(invoice.createdAt)}</td>
            <td className="py-2">{money(invoice.amountCents, invoice.currency)}</td>
            <td className="py-2 capitalize">{invoice.status}</td>
            <td className="py-2">
              {invoice.url ? (
                <a href={invoice.url} target="_blank" rel="noreferrer" className="underline">
                  View invoice
                </a>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
