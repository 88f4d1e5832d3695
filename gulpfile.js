// Copies the icons and codex files next to the built nodes and credentials in dist/,
// where n8n looks for them (`icon: 'file:...'` is resolved relative to the built file).
const { src, dest } = require('gulp');

function buildIcons() {
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:icons'] = buildIcons;
