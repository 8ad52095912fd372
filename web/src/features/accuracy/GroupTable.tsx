import type { GroupFigures } from '#shared/accuracy.ts';
import { Figure } from './Figure.tsx';
import { formatScore, formatStatistic } from './figures.ts';

const dash = <span aria-label="not measured">–</span>;

/** One set's figures split by a grouping (the view the engine read, or a skin-tone group labelled by eye). */
export function GroupTable({
  caption,
  groups,
  name,
  highestLabel,
}: {
  caption: string;
  groups: GroupFigures[];
  /** the data name of the grouping in the summary, e.g. "sets.0.byView" */
  name: string;
  highestLabel: number;
}) {
  if (groups.length === 0) return null;
  return (
    <table className="mt-4 w-full text-left text-sm">
      <caption className="mb-1 text-left text-zinc-300">{caption}</caption>
      <thead className="text-zinc-400">
        <tr>
          <th scope="col" className="font-normal">
            group
          </th>
          <th scope="col" className="font-normal">
            photos
          </th>
          <th scope="col" className="font-normal">
            refused
          </th>
          <th scope="col" className="font-normal">
            ρ held out
          </th>
          <th scope="col" className="font-normal">
            mean score, label {highestLabel}
          </th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {groups.map((g, i) => (
          <tr key={g.group}>
            <th scope="row" className="font-medium">
              {g.group}
            </th>
            <td>
              <Figure value={g.photos} name={`${name}.${i}.photos`} format={String} />
            </td>
            <td>
              <Figure value={g.refused} name={`${name}.${i}.refused`} format={String} />
            </td>
            <td>
              {g.spearman === null ? (
                dash
              ) : (
                <Figure value={g.spearman} name={`${name}.${i}.spearman`} format={formatStatistic} />
              )}
            </td>
            <td>
              {g.highestLabelMeanScore === null ? (
                dash
              ) : (
                <Figure
                  value={g.highestLabelMeanScore}
                  name={`${name}.${i}.highestLabelMeanScore`}
                  format={formatScore}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
