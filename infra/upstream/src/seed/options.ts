/** How the demo data is seeded: whether recorded pushes get the sandbox's simulated figures (the embedded demo only). */
export interface SeedOptions {
  simulatedStats: boolean;
}
