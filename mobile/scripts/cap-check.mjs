// `npm run cap:check`: `npx cap sync android` succeeds with this build, and the Android app is
// set up for the e-mail sign-in link (App Link with autoVerify on the configured link domain,
// and a custom scheme), for Google sign-in and for reading barcodes with the camera. An APK cannot be built here (no Android SDK).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p) => path.join(root, p);
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

if (!existsSync(rel('dist/index.html'))) {
  console.error('dist/index.html not found: run `npm run build` first');
  process.exit(1);
}

execFileSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['cap', 'sync', 'android'], { cwd: root, stdio: 'inherit' });
check(true, 'npx cap sync android');

// The web build was copied.
const synced = rel('android/app/src/main/assets/public/index.html');
check(existsSync(synced) && readFileSync(synced, 'utf8') === readFileSync(rel('dist/index.html'), 'utf8'), 'web build synced into android/app/src/main/assets/public');

const capConfig = JSON.parse(readFileSync(rel('android/app/src/main/assets/capacitor.config.json'), 'utf8'));
check(capConfig.appId === 'br.com.crmvendas.app', `appId is br.com.crmvendas.app (got ${capConfig.appId})`);
check(Boolean(capConfig.plugins?.GoogleAuth), 'GoogleAuth plugin configured');
const plugins = JSON.parse(readFileSync(rel('android/app/src/main/assets/capacitor.plugins.json'), 'utf8'));
const pluginNames = plugins.map((p) => p.pkg);
check(pluginNames.includes('@capacitor/app'), '@capacitor/app registered');
check(pluginNames.includes('@codetrix-studio/capacitor-google-auth'), '@codetrix-studio/capacitor-google-auth registered');
check(pluginNames.includes('@capacitor-mlkit/barcode-scanning'), '@capacitor-mlkit/barcode-scanning registered (order entry: barcode by camera)');

const manifest = readFileSync(rel('android/app/src/main/AndroidManifest.xml'), 'utf8');
const gradle = readFileSync(rel('android/app/build.gradle'), 'utf8');
const strings = readFileSync(rel('android/app/src/main/res/values/strings.xml'), 'utf8');
check(/android:name="com\.google\.mlkit\.vision\.DEPENDENCIES"\s+android:value="barcode_ui"/.test(manifest), 'ML Kit code scanner module declared (barcode_ui)');

const filters = [...manifest.matchAll(/<intent-filter([^>]*)>([\s\S]*?)<\/intent-filter>/g)].map((m) => ({ attrs: m[1], body: m[2] }));
const isView = (f) =>
  f.body.includes('android.intent.action.VIEW') && f.body.includes('android.intent.category.BROWSABLE') && f.body.includes('android.intent.category.DEFAULT');

const appLink = filters.find(
  (f) => isView(f) && /android:autoVerify="true"/.test(f.attrs) && /android:scheme="https"/.test(f.body) && /android:pathPrefix="\/auth-links"/.test(f.body),
);
check(Boolean(appLink), 'https App Link intent filter with autoVerify for /auth-links');
const host = appLink?.body.match(/android:host="([^"]+)"/)?.[1];
check(host === '${authLinkHost}', `App Link host is the configured link domain placeholder \${authLinkHost} (got ${host})`);
check(/manifestPlaceholders\s*=\s*\[authLinkHost:/.test(gradle) && /crmAuthLinkHost|CRM_AUTH_LINK_HOST/.test(gradle), 'link domain configured in app/build.gradle (-PcrmAuthLinkHost / CRM_AUTH_LINK_HOST)');
check(Boolean(appLink && /android:pathPrefix="\/__\/auth\/links"/.test(appLink.body)), 'App Link also covers the Firebase Hosting link path /__/auth/links');

const custom = filters.find((f) => isView(f) && /android:scheme="@string\/custom_url_scheme"/.test(f.body) && /android:host="auth-links"/.test(f.body));
check(Boolean(custom), 'custom scheme intent filter (br.com.crmvendas.app://auth-links)');
check(/<string name="custom_url_scheme">br\.com\.crmvendas\.app<\/string>/.test(strings), 'custom_url_scheme is br.com.crmvendas.app');
check(/android:launchMode="singleTask"/.test(manifest), 'MainActivity is singleTask (links reach the running app through appUrlOpen)');
check(/applicationId "br\.com\.crmvendas\.app"/.test(gradle), 'applicationId br.com.crmvendas.app');

if (failures.length) {
  console.error(`cap:check: ${failures.length} failed`);
  process.exit(1);
}
console.log('cap:check: all passed');
