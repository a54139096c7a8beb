// Bundled as assets, so their URLs resolve against wherever this remote is deployed, not the shell's origin.
import ai from '../assets/thumbnails/ai.svg';
import architecture from '../assets/thumbnails/architecture.svg';
import career from '../assets/thumbnails/career.svg';
import cloud from '../assets/thumbnails/cloud.svg';
import css from '../assets/thumbnails/css.svg';
import database from '../assets/thumbnails/database.svg';
import devtools from '../assets/thumbnails/devtools.svg';
import docker from '../assets/thumbnails/docker.svg';
import git from '../assets/thumbnails/git.svg';
import golang from '../assets/thumbnails/golang.svg';
import java from '../assets/thumbnails/java.svg';
import javascript from '../assets/thumbnails/javascript.svg';
import kubernetes from '../assets/thumbnails/kubernetes.svg';
import linux from '../assets/thumbnails/linux.svg';
import mobile from '../assets/thumbnails/mobile.svg';
import nodejs from '../assets/thumbnails/nodejs.svg';
import python from '../assets/thumbnails/python.svg';
import react from '../assets/thumbnails/react.svg';
import rust from '../assets/thumbnails/rust.svg';
import security from '../assets/thumbnails/security.svg';
import testing from '../assets/thumbnails/testing.svg';
import typescript from '../assets/thumbnails/typescript.svg';

/** One generated thumbnail per topic (scripts/generate-thumbnails.mjs). */
export const THUMBNAILS = {
  ai,
  architecture,
  career,
  cloud,
  css,
  database,
  devtools,
  docker,
  git,
  golang,
  java,
  javascript,
  kubernetes,
  linux,
  mobile,
  nodejs,
  python,
  react,
  rust,
  security,
  testing,
  typescript,
} as const;

/** The thumbnails' intrinsic size: images carry it so the layout never shifts while they load. */
export const THUMBNAIL_SIZE = { width: 640, height: 360 } as const;
