import {
  errorMessages,
  formationStepNames,
  INSIGHT_WEEKS_DEFAULT,
  insightStepWindows,
  insightTexts,
  type Insights,
} from '@fd/contract';
import type { ReactNode } from 'react';
import { Button } from '#/components/ui/button.tsx';
import { Spinner } from '#/components/ui/spinner.tsx';
import { formatCount, formatDateTime, orNil } from '#/lib/format.ts';
import { useInsights } from '../api/read-insights.ts';
import { FigureTable } from './figure-table.tsx';
import { InsightChart } from './insight-chart.tsx';

/** Lines drawn in the changes chart: the busiest managers; the table lists every one. */
const CHARTED_MANAGERS = 6;

const shortWeek = (week: string) => week.slice(5);
const days = (value: number | null) => orNil(value === null ? null : value.toFixed(1));

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `insights-${title.replace(/[^a-z]+/gi, '-').toLowerCase()}`;
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Funnel({ funnel }: { funnel: Insights['funnel'] }) {
  const totals = funnel.steps.map((s) => s.pending + s.processing + s.failed);
  return (
    <Section title={insightTexts.funnel}>
      <InsightChart
        kind="bars"
        labels={[...funnel.steps.map((s) => formationStepNames[s.step]), insightTexts.completed]}
        series={[{ label: 'Businesses', values: [...totals, funnel.completed] }]}
      />
      <FigureTable
        caption={`${insightTexts.funnel}: businesses by the step they are at and its status`}
        headers={['Step', 'Pending', 'Processing', 'Failed', 'Businesses']}
        rows={[
          ...funnel.steps.map((s, index) => ({
            key: s.step,
            header: formationStepNames[s.step],
            cells: [s.pending, s.processing, s.failed, totals[index]!].map(formatCount),
          })),
          {
            key: 'completed',
            header: insightTexts.completed,
            cells: ['', '', '', formatCount(funnel.completed)],
          },
        ]}
      />
    </Section>
  );
}

function StepDays({ stepDays }: { stepDays: Insights['step_days'] }) {
  const of = (windowDays: number) => stepDays.filter((s) => s.window_days === windowDays);
  const [short, long] = insightStepWindows.map(of) as [typeof stepDays, typeof stepDays];
  return (
    <Section title={insightTexts.stepDays}>
      <p className="text-sm text-slate-600">
        Days from when a step could start (the business created, or the step before approved) to its
        approval, for the steps approved in the last {insightStepWindows.join(' and ')} days.
      </p>
      <InsightChart
        kind="lines"
        labels={long.map((s) => formationStepNames[s.step])}
        series={insightStepWindows.map((windowDays) => ({
          label: `Median, ${windowDays} days`,
          values: of(windowDays).map((s) => s.median_days),
        }))}
      />
      <FigureTable
        caption={`${insightTexts.stepDays}: approvals, median and p90 days`}
        headers={[
          'Step',
          ...insightStepWindows.flatMap((w) => [
            `Approved, ${w} days`,
            `Median, ${w} days`,
            `p90, ${w} days`,
          ]),
        ]}
        rows={long.map((s, index) => {
          const recent = short[index]!;
          return {
            key: s.step,
            header: formationStepNames[s.step],
            cells: [recent, s].flatMap((w) => [
              formatCount(w.approved),
              days(w.median_days),
              days(w.p90_days),
            ]),
          };
        })}
      />
    </Section>
  );
}

function NewBusinesses({ insights }: { insights: Insights }) {
  return (
    <Section title={insightTexts.newBusinesses}>
      <InsightChart
        kind="lines"
        labels={insights.weeks.map(shortWeek)}
        series={[{ label: 'New businesses', values: insights.new_businesses }]}
      />
      <FigureTable
        caption={`${insightTexts.newBusinesses}, by the Monday each week starts on`}
        headers={['Week of', 'New businesses']}
        rows={insights.weeks.map((week, index) => ({
          key: week,
          header: week,
          cells: [formatCount(insights.new_businesses[index]!)],
        }))}
      />
    </Section>
  );
}

function Failures({ failures }: { failures: Insights['failures'] }) {
  const title = (t: string | null) => t ?? insightTexts.noFeedback;
  return (
    <Section title={insightTexts.failures}>
      {failures.length === 0 ? (
        <p className="text-sm text-slate-600">{insightTexts.noFailures}</p>
      ) : (
        <>
          <InsightChart
            kind="bars"
            labels={failures.map((f) => title(f.feedback_title))}
            series={[{ label: 'Failed steps', values: failures.map((f) => f.count) }]}
          />
          <FigureTable
            caption={`${insightTexts.failures}: failed steps per title`}
            headers={['Feedback title', 'Failed steps']}
            rows={failures.map((f) => ({
              key: title(f.feedback_title),
              header: title(f.feedback_title),
              cells: [formatCount(f.count)],
            }))}
          />
        </>
      )}
    </Section>
  );
}

function ManagerChanges({ insights }: { insights: Insights }) {
  const total = (counts: readonly number[]) => counts.reduce((sum, n) => sum + n, 0);
  const busiest = [...insights.manager_changes]
    .sort((a, b) => total(b.counts) - total(a.counts))
    .slice(0, CHARTED_MANAGERS);
  return (
    <Section title={insightTexts.managerChanges}>
      {insights.manager_changes.length === 0 ? (
        <p className="text-sm text-slate-600">{insightTexts.noChanges}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Every action the activity logs keep. The chart draws the {busiest.length} busiest; the
            table lists every manager.
          </p>
          <InsightChart
            kind="lines"
            labels={insights.weeks.map(shortWeek)}
            series={busiest.map((m) => ({ label: m.manager_name, values: m.counts }))}
          />
          <FigureTable
            caption={`${insightTexts.managerChanges}, by the Monday each week starts on`}
            headers={['Manager', ...insights.weeks]}
            rows={insights.manager_changes.map((m) => ({
              key: `${m.manager_id ?? ''}-${m.manager_name}`,
              header: m.manager_name,
              cells: m.counts.map(formatCount),
            }))}
          />
        </>
      )}
    </Section>
  );
}

/** How the service is doing (docs/product.md §12.4). */
export function InsightsPage() {
  const insights = useInsights(INSIGHT_WEEKS_DEFAULT);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {insightTexts.heading}
        </h1>
        {insights.data && (
          <p className="mt-1 text-sm text-slate-600">
            As of {formatDateTime(insights.data.as_of)} (UTC); weeks start on Monday.
          </p>
        )}
      </div>
      {insights.isPending ? (
        <Spinner label="Loading insights" className="py-10" />
      ) : insights.isError ? (
        <div className="space-y-3">
          <p role="alert" className="text-sm text-red-700">
            {errorMessages.listLoad}
          </p>
          <Button
            variant="secondary"
            isLoading={insights.isRefetching}
            loadingText="Trying again..."
            onClick={() => void insights.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : (
        <>
          <Funnel funnel={insights.data.funnel} />
          <StepDays stepDays={insights.data.step_days} />
          <NewBusinesses insights={insights.data} />
          <Failures failures={insights.data.failures} />
          <ManagerChanges insights={insights.data} />
        </>
      )}
    </div>
  );
}
