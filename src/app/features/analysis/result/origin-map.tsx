import { geoEquirectangular, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, MultiPoint } from 'geojson';
import { useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import type { RegionParameters } from '@/shared/origin-model/estimator';
import { probabilityColour } from './analysis-charts';

// Loaded on demand (React.lazy): the world outlines (bundled, no tiles, no network) stay out of the
// entry chunk.
const countries = feature(
  world as unknown as Topology<{ countries: GeometryCollection }>,
  (world as unknown as Topology<{ countries: GeometryCollection }>).objects.countries,
) as FeatureCollection<Geometry>;

const width = 640;
const height = 360;

/** The smallest view shown, in degrees: enough country outlines around a single place to read it. */
const minimumSpan = { longitude: 30, latitude: 18 };
const margin = 0.15;

/** The box around the points, widened to the minimum span and a margin, as a shape to fit the map to. */
function viewOf(points: readonly (readonly [number, number])[]): Feature<MultiPoint> {
  const longitudes = points.map((p) => p[0]);
  const latitudes = points.map((p) => p[1]);
  const widen = (low: number, high: number, minimum: number, limit: number) => {
    const centre = (low + high) / 2;
    const half = Math.max((high - low) * (1 + margin), minimum) / 2;
    return [Math.max(-limit, centre - half), Math.min(limit, centre + half)] as const;
  };
  const [west, east] = widen(Math.min(...longitudes), Math.max(...longitudes), minimumSpan.longitude, 180);
  const [south, north] = widen(Math.min(...latitudes), Math.max(...latitudes), minimumSpan.latitude, 90);
  return {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'MultiPoint',
      coordinates: [
        [west, south],
        [east, north],
      ],
    },
  };
}

/**
 * The reference locations of the regions in play, coloured by each region's probability, over
 * country outlines, zoomed to those locations.
 */
export function OriginMap({
  regions,
  probabilities,
  label,
}: {
  regions: readonly Pick<RegionParameters, 'region' | 'locations'>[];
  probabilities: ReadonlyMap<string, number>;
  label: string;
}) {
  const drawn = useMemo(() => {
    const located = regions.filter((r) => r.locations.length > 0);
    const inPlay = located.filter((r) => (probabilities.get(r.region) ?? 0) >= 0.01);
    const focus = inPlay.length > 0 ? inPlay : located;
    const coordinates = focus.flatMap((r) => r.locations.map((l) => [l.longitude, l.latitude] as const));
    const projection = geoEquirectangular();
    if (coordinates.length > 0) {
      projection.fitExtent(
        [
          [12, 12],
          [width - 12, height - 12],
        ],
        viewOf(coordinates),
      );
    } else {
      projection.fitSize([width, height], countries);
    }
    const path = geoPath(projection);
    const points = located
      .slice()
      // The most probable regions are drawn last, on top.
      .sort((a, b) => (probabilities.get(a.region) ?? 0) - (probabilities.get(b.region) ?? 0))
      .flatMap((r) =>
        r.locations.map((l, i) => {
          const xy = projection([l.longitude, l.latitude]);
          return xy ? { key: `${r.region}-${i}`, region: r.region, x: xy[0], y: xy[1] } : null;
        }),
      )
      .filter((p) => p !== null && p.x >= 0 && p.x <= width && p.y >= 0 && p.y <= height);
    // The most probable regions are named at the middle of their references.
    const labels = located
      .filter((r) => (probabilities.get(r.region) ?? 0) >= 0.05)
      .map((r) => {
        const longitude = r.locations.reduce((sum, l) => sum + l.longitude, 0) / r.locations.length;
        const latitude = r.locations.reduce((sum, l) => sum + l.latitude, 0) / r.locations.length;
        const xy = projection([longitude, latitude]);
        return xy
          ? {
              region: r.region,
              x: xy[0],
              y: xy[1],
              text: `${r.region} ${((probabilities.get(r.region) ?? 0) * 100).toFixed(0)}%`,
            }
          : null;
      })
      .filter((l) => l !== null);
    return { outlines: countries.features.map((f) => path(f) ?? ''), points, labels };
  }, [regions, probabilities]);

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      className="w-full rounded-md border bg-sky-50"
    >
      <g className="fill-stone-100 stroke-stone-400" strokeWidth={0.5}>
        {drawn.outlines.map((d, i) => (
          <path key={i} d={d} />
        ))}
      </g>
      <g>
        {drawn.points.map((p) =>
          p ? (
            <circle
              key={p.key}
              cx={p.x}
              cy={p.y}
              r={3.5}
              fill={probabilityColour(probabilities.get(p.region) ?? 0)}
              stroke="hsl(215 60% 25%)"
              strokeWidth={0.5}
            >
              <title>{`${p.region}: ${((probabilities.get(p.region) ?? 0) * 100).toFixed(1)}%`}</title>
            </circle>
          ) : null,
        )}
      </g>
      <g className="pointer-events-none text-[11px] font-semibold">
        {drawn.labels.map((l) => (
          <text
            key={l.region}
            // Near the right edge the name is written leftwards, so it stays on the map.
            x={l.x > width * 0.75 ? l.x - 7 : l.x + 7}
            y={l.y - 7}
            textAnchor={l.x > width * 0.75 ? 'end' : 'start'}
            className="fill-slate-900"
            stroke="white"
            strokeWidth={3}
            paintOrder="stroke"
          >
            {l.text}
          </text>
        ))}
      </g>
    </svg>
  );
}
