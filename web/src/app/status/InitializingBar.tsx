// Thin bar under the header while application services initialise after sign-in.
import { useServicesInitializing } from './services-status.js';

export function InitializingBar() {
  const visible = useServicesInitializing();
  if (!visible) return null;
  return (
    <div className="init-bar" role="status">
      <span className="init-bar__progress" aria-hidden="true" />
      <span className="init-bar__text">Initializing application services...</span>
    </div>
  );
}
