/**
 * The API versions the sandbox serves: the releases of `openapi/releases/releases.json` whose sunset
 * the sandbox clock has not reached. A request names its version in `Kestrel-Version`; without it,
 * its account's pin applies (`--token TOKEN=ACCOUNT@VERSION`), else the sandbox's (`--api-version`,
 * the latest release by default). A request at the latest release is served by the working
 * definition, which may hold unreleased additive changes; one at an older release is routed and
 * validated against that release's definition, read once, when first asked for. A deprecated
 * release's answers carry its `Deprecation` and `Sunset`; past its sunset it answers 400.
 */
import {readReleases, type Deprecation, type JsonObject, type Release} from '../../definition/index.ts';
import type {Clock} from '../clock.ts';
import {Definition} from '../definition.ts';
import {ProblemError} from '../problems.ts';
import {Router} from '../router.ts';
import {Validator} from '../validation.ts';
import {VERSION_HEADER, VERSION_UNSUPPORTED} from '../../config/api-version-header.ts';

export {VERSION_HEADER, VERSION_UNSUPPORTED} from '../../config/api-version-header.ts';

/** What routes and validates requests at one version. */
export interface VersionModel {
  definition: Definition;
  router: Router;
  validator: Validator;
}

/** The version that serves a request, and what serves it. */
export interface ServedVersion extends VersionModel {
  version: string;
  /** Whether it is the newest release: served by the working definition, its answers unchanged. */
  latest: boolean;
  /** The release's deprecation and sunset, when a later major release replaced it. */
  deprecation?: Deprecation;
}

/** Refused settings (`--api-version`, a `--token`'s version), in the flag's words. */
export class VersionSettingError extends Error {}

export interface VersionSettings {
  /** The version of a request without `Kestrel-Version` (`--api-version`); the latest release when undefined. */
  apiVersion?: string;
  /** account -> the version its requests get without `Kestrel-Version` (`--token TOKEN=ACCOUNT@VERSION`). */
  accountVersions?: ReadonlyMap<string, string>;
}

let releasesRead: Release[] | undefined;
// Released definitions do not change while a process runs: every sandbox a test file starts shares their models.
const releaseModels = new Map<string, VersionModel>();

/** The releases, read once per process. */
export function sandboxReleases(): Release[] {
  return (releasesRead ??= readReleases());
}

const midnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

export class ApiVersions {
  /** The newest release: served by the working definition. */
  readonly latest: string;
  /** The version of a request that names none, from an account without a pin. */
  readonly fallback: string;
  private readonly releases: Map<string, Release>;
  private readonly pins: ReadonlyMap<string, string>;
  private readonly working: VersionModel;
  private readonly clock: Clock;

  constructor(working: VersionModel, clock: Clock, settings: VersionSettings = {}, releases = sandboxReleases()) {
    if (releases.length === 0) throw new Error('sandbox: openapi/releases/releases.json lists no release');
    this.working = working;
    this.clock = clock;
    this.releases = new Map(releases.map((r) => [r.version, r]));
    this.latest = releases.at(-1)!.version;
    this.fallback = this.checked(settings.apiVersion ?? this.latest, (v) => `--api-version ${v}`);
    const pins = settings.accountVersions ?? new Map<string, string>();
    for (const [account, version] of pins)
      this.checked(version, (v) => `the version ${v} that --token pins the account ${account} to`);
    this.pins = pins;
  }

  /** The versions served now, oldest first: every release whose sunset the clock has not reached. */
  supported(): string[] {
    return [...this.releases.values()].filter((r) => !this.pastSunset(r)).map((r) => r.version);
  }

  /** The version an account's requests get when they send no `Kestrel-Version`. */
  pinOf(account: string | undefined): string {
    return (account !== undefined && this.pins.get(account)) || this.fallback;
  }

  /**
   * The version a problem about the version itself is answered at: the account's pin while it is
   * served, else the latest release.
   */
  answeringAt(account: string | undefined): string {
    const pinned = this.pinOf(account);
    return this.supported().includes(pinned) ? pinned : this.latest;
  }

  /**
   * What serves a request that sent `header` (undefined or blank: not sent) for `account`; a 400
   * API_VERSION_UNSUPPORTED naming the version and listing those served when it is unknown or past
   * its sunset.
   */
  serve(header: string | undefined, account: string | undefined): ServedVersion {
    const sent = header?.trim() ? header.trim() : undefined;
    const version = sent ?? this.pinOf(account);
    const named =
      sent === undefined ? `The version this account is pinned to, ${version},` : `Kestrel-Version ${version}`;
    const send = `Send ${VERSION_HEADER} with one of: ${this.supported().join(', ')}.`;
    const release = this.releases.get(version);
    if (!release) throw new ProblemError(VERSION_UNSUPPORTED, `${named} is not a version this API serves. ${send}`);
    if (this.pastSunset(release)) {
      throw new ProblemError(
        VERSION_UNSUPPORTED,
        `${named} reached its sunset on ${release.sunset} and is no longer served. ${send}`,
      );
    }
    const deprecation = this.deprecationOf(version);
    return {version, latest: version === this.latest, ...this.model(release), ...(deprecation && {deprecation})};
  }

  /** A release's deprecation and sunset, when a later major release replaced it. */
  deprecationOf(version: string): Deprecation | undefined {
    const release = this.releases.get(version);
    return release?.deprecated && release.sunset ? {since: release.deprecated, sunset: release.sunset} : undefined;
  }

  private model(release: Release): VersionModel {
    if (release.version === this.latest) return this.working;
    let model = releaseModels.get(release.version);
    if (!model) {
      const definition = new Definition(release.definition as JsonObject, {released: true});
      model = {definition, router: new Router(definition), validator: new Validator(definition)};
      releaseModels.set(release.version, model);
    }
    return model;
  }

  private pastSunset(release: Release): boolean {
    return release.sunset !== undefined && this.clock.now() >= midnight(release.sunset);
  }

  /** `version` when it is a release served now, else an error in the words of the setting that named it. */
  private checked(version: string, setting: (version: string) => string): string {
    const release = this.releases.get(version);
    const served = this.supported().join(', ');
    if (!release)
      throw new VersionSettingError(`${setting(version)} is not a release of the API; releases served: ${served}.`);
    if (this.pastSunset(release))
      throw new VersionSettingError(
        `${setting(version)} reached its sunset on ${release.sunset}; releases served: ${served}.`,
      );
    return version;
  }
}
