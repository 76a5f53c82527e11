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
    const focusPoints: Feature<MultiPoint> = {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'MultiPoint',
        coordinates: focus.flatMap((r) => r.locations.map((l) => [l.longitude, l.latitude])),
      },
    };
    const projection = geoEquirectangular();
    if (focusPoints.geometry.coordinates.length > 0) {
      projection.fitExtent(
        [
          [24, 24],
          [width - 24, height - 24],
        ],
        focusPoints,
      );
      // A single place (or a tight cluster) would zoom in to street level: keep a country's worth in view.
      const maxScale = 1800;
      if (projection.scale() > maxScale) {
        const centre = projection.invert?.([width / 2, height / 2]);
        projection.scale(maxScale);
        const moved = centre ? projection(centre) : null;
        if (moved) {
          const [tx, ty] = projection.translate();
          projection.translate([tx + width / 2 - moved[0], ty + height / 2 - moved[1]]);
        }
      }
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
    return { outlines: countries.features.map((f) => path(f) ?? ''), points };
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
    </svg>
  );
}
