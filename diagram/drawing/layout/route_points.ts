// Clean-up of an orthogonal route's points, shared by ELK's routes (layout.ts) and the routes a
// fold's detours were cut out of (detours.ts).

/** Drops repeated points and bends in line with the points before and after them. */
export function withoutStraightBends(points: [number, number][]): [number, number][] {
  const kept = points.slice(0, 1);
  for (let i = 1; i < points.length - 1; i++) {
    const [before, point, after] = [kept[kept.length - 1], points[i], points[i + 1]];
    const inLine = (axis: number) => before[axis] === point[axis] && after[axis] === point[axis];
    if (!inLine(0) && !inLine(1)) kept.push(point);
  }
  kept.push(points[points.length - 1]);
  return kept;
}
