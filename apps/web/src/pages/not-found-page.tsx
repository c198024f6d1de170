import { NotFound } from '../components/not-found';

/** The catch-all route; features that find nothing at their address render components/not-found. */
export default function NotFoundPage() {
  return <NotFound />;
}
