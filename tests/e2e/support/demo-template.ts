// The name of the run's demo template (support/demo-server.ts): a PostgreSQL database beside the shared one, or a
// directory beside the run's embedded data. Global setup removes it at the start and the end of a run.
export const DEMO_TEMPLATE = 'erp_e2e_demo_template';
