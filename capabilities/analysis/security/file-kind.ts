/** Test code and fixtures: findings there are not production exposure, so they are reported as info (or skipped). */
const TEST_PATH = /(^|\/)(test|tests|__tests__|__mocks__|__fixtures__|fixtures?|spec|specs|e2e|cypress|mocks?|testdata|test-data)\//i;
const TEST_FILE = /\.(test|spec|stories|e2e|cy)\.[cm]?[jt]sx?$/i;

export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path) || TEST_FILE.test(path);
}
