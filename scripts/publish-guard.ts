/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * `prepublishOnly`: refuses a publish that cannot carry npm provenance, which n8n requires of
 * every community package (its scanner fails a package without it). n8n's template runs
 * `n8n-node prerelease` here, which only asks for RELEASE_MODE, a variable anyone can set; this
 * asks for what provenance needs: a GitHub Actions job that may mint an OIDC token
 * (`id-token: write`) and a publish that has not turned provenance off. A dry run publishes
 * nothing and passes.
 *
 * The project's .npmrc turns lifecycle scripts off (ignore-scripts, for installs), so npm runs
 * this only with `--ignore-scripts=false`, as the publish workflow does. Elsewhere npm refuses by
 * itself: package.json's publishConfig asks for provenance, which npm cannot generate outside a
 * CI provider ("Automatic provenance generation not supported for provider: null").
 */

/** Why a publish in this environment would go out without provenance; undefined when it would not. */
export function provenanceRefusal(env: NodeJS.ProcessEnv): string | undefined {
	if (env.npm_config_dry_run === 'true') return undefined;
	if (env.GITHUB_ACTIONS !== 'true')
		return 'publish from the GitHub Actions workflow (.github/workflows/publish.yml): n8n requires npm provenance, which a publish from this machine cannot carry';
	if (!env.ACTIONS_ID_TOKEN_REQUEST_URL || !env.ACTIONS_ID_TOKEN_REQUEST_TOKEN)
		return 'this job cannot mint an OIDC token: give the publishing job `permissions: id-token: write`';
	if (env.npm_config_provenance === 'false')
		return 'provenance is turned off (--provenance=false); n8n requires it';
	return undefined;
}

if (require.main === module) {
	const refusal = provenanceRefusal(process.env);
	if (refusal) {
		process.stderr.write(`Refusing to publish: ${refusal}.\n`);
		process.exit(1);
	}
}
