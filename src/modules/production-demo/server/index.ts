// The demo's complete production path, kept apart from the production core so the core never imports the modules
// that are built on it.
export { productionJourneyDemoSeeder } from './production-journey.demo.ts';
