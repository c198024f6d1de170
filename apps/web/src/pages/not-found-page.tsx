import { NotFound } from '../components/not-found';
import { AntScope } from '../components/ant-scope';

/**
 * The catch-all route; features that find nothing at their address render components/not-found.
 * Loaded lazily, it brings antd along and puts antd's providers around itself.
 */
export default function NotFoundPage() {
  return (
    <AntScope>
      <NotFound />
    </AntScope>
  );
}
