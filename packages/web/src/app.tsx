import { ErrorBoundary } from 'preact-iso/lazy';
import { LocationProvider, Route, Router } from 'preact-iso/router';
import { Layout } from './components/layout.js';
import { routes } from './routes.js';
import { NotFoundPage } from './pages/not-found.js';

// Links outside the site (API, docs, health) load natively instead of through the router.
const SITE_LINKS = /^\/(?!api\/|docs|openapi\.json|health|skills\/)/;

export function App() {
  return (
    <LocationProvider scope={SITE_LINKS}>
      <Layout>
        <ErrorBoundary>
          <Router onRouteChange={() => window.scrollTo(0, 0)}>
            {[
              ...routes.map((route) => (
                <Route key={route.path} path={route.path} component={route.component} />
              )),
              <Route key="404" default component={NotFoundPage} />,
            ]}
          </Router>
        </ErrorBoundary>
      </Layout>
    </LocationProvider>
  );
}
