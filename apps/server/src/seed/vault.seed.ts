import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { PNG } from 'pngjs';
import { VAULT_PART_BYTES } from '@lab/contract';
import type { Db } from '../db/client';
import type { FileStore } from '../platform/providers/file-store';
import { completeUpload, startUpload, verifyUploaded, vaultOrder, writePart } from '../areas/vault/upload.service';
import { fileByRid } from '../areas/vault/vault-core';

/**
 * The raw data the lab filed in the demo teacher's 数据保管箱 (issue 35): the files an instrument
 * writes, per sample, uploaded through the vault's own flow (registered, sent in parts through
 * the local store, completed with the browser's hash, checked by reading the stored object back),
 * so the member's list shows real sizes, SHA-256 values that `sha256sum -c` confirms, and the
 * retention end the lab's setting gives. The data are drawn from code (no binary is committed):
 * an XRD pattern as the diffractometer's two-column export, an SEM micrograph as a greyscale
 * PNG with the microscope's condition file beside it. Invented data, like the rest of the demo.
 */

export interface DemoRawData {
  orderNo: string;
  technique: 'xrd' | 'sem';
  /** when the lab filed it (the report's day) */
  at: Date;
}

interface RawFile {
  sampleCode: string;
  name: string;
  instrument: string;
  description: string;
  bytes: Buffer;
}

/** A small deterministic generator, so every demo shows the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const gaussian = (x: number, centre: number, width: number) => Math.exp(-((x - centre) ** 2) / (2 * width * width));

/** Anatase with rutile traces, and gold's reflections on the loaded catalyst (Cu Kα). */
const phases = {
  anatase: [[25.28, 1000], [37.8, 200], [48.05, 350], [53.89, 210], [55.06, 200], [62.69, 140], [68.76, 60], [70.31, 70], [75.03, 80]],
  rutile: [[27.44, 90], [36.09, 45], [54.32, 40]],
  gold: [[38.18, 420], [44.39, 210], [64.58, 130], [77.55, 140]],
} as const;

function xrdPattern(sampleName: string, sampleCode: string, withGold: boolean, seed: number): Buffer {
  const next = random(seed);
  const peaks = [...phases.anatase, ...phases.rutile, ...(withGold ? phases.gold : [])];
  const lines = [
    `# Bruker D8 Advance — exported by DIFFRAC.EVA as 2Theta / counts`,
    `# Sample: ${sampleCode} ${sampleName}`,
    '# Tube: Cu Ka1 1.5406 A, 40 kV / 40 mA; Ni filter; detector LynxEye',
    '# Scan: 2Theta 10.00-80.00 deg, step 0.02 deg, 10 deg/min (0.12 s/step); divergence slit 0.6 mm',
    '# 2Theta(deg)\tIntensity(counts)',
  ];
  for (let step = 0; step <= 3500; step += 1) {
    const angle = 10 + step * 0.02;
    const background = 180 * Math.exp(-(angle - 10) / 28) + 60;
    const signal = peaks.reduce((sum, [centre, height]) => sum + height * gaussian(angle, centre, 0.09 + centre / 1500), 0);
    const counts = Math.max(0, Math.round(background + signal + (next() - 0.5) * 2 * Math.sqrt(background + signal)));
    lines.push(`${angle.toFixed(2)}\t${counts}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** A secondary-electron image of a granular film: grains as soft bright discs with dark boundaries, noise, and the data bar. */
function semImage(magnification: number, seed: number): Buffer {
  const width = 640;
  const height = 480;
  const next = random(seed);
  const png = new PNG({ width, height, colorType: 0, inputColorType: 0, bitDepth: 8, inputHasAlpha: false });
  // grain centres: ~50 nm grains; at 100k the pixel is half the size, so fewer, larger grains
  const grainPx = magnification >= 100_000 ? 46 : 23;
  const grains: [number, number, number][] = [];
  for (let y = -grainPx; y < height + grainPx; y += grainPx) {
    for (let x = -grainPx; x < width + grainPx; x += grainPx) grains.push([x + next() * grainPx, y + next() * grainPx, 0.75 + next() * 0.5]);
  }
  const cell = (x: number, y: number): [number, number] => [Math.floor(x / grainPx) + 1, Math.floor(y / grainPx) + 1];
  const columns = Math.ceil((width + 2 * grainPx) / grainPx);
  const imageHeight = height - 40;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let value: number;
      if (y >= imageHeight) {
        value = 16; // the data bar
      } else {
        const [cx, cy] = cell(x, y);
        let nearest = Infinity;
        let second = Infinity;
        let brightness = 1;
        for (let dy = -1; dy <= 1; dy += 1) {
          for (let dx = -1; dx <= 1; dx += 1) {
            const grain = grains[(cy + dy) * columns + (cx + dx)];
            if (!grain) continue;
            const distance = Math.hypot(x - grain[0], y - grain[1]);
            if (distance < nearest) {
              second = nearest;
              nearest = distance;
              brightness = grain[2];
            } else if (distance < second) second = distance;
          }
        }
        const edge = Math.min(1, (second - nearest) / 6); // dark at a boundary
        value = (70 + 120 * brightness * edge + 40 * (1 - nearest / grainPx)) * (0.92 + next() * 0.16);
      }
      png.data[y * width + x] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  // the scale bar in the data bar: 200 nm at 50k is ~ 64 px here, 100 nm at 100k the same
  for (let y = imageHeight + 18; y < imageHeight + 22; y += 1) for (let x = 540; x < 604; x += 1) png.data[y * width + x] = 235;
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, bitDepth: 8, inputHasAlpha: false });
}

function semConditions(sampleCode: string, sampleName: string, magnification: number, image: string): Buffer {
  return Buffer.from(
    [
      '[SemImageFile]',
      'InstructName=SU8010',
      `SampleName=${sampleCode} ${sampleName}`,
      `ImageName=${image}`,
      'DataSize=640x480',
      'AcceleratingVoltage=5000 Volt',
      'EmissionCurrent=10000 nA',
      'WorkingDistance=8100 um',
      'Signal=SE(U)',
      `Magnification=${magnification}`,
      `PixelSize=${(magnification >= 100_000 ? 1.56 : 3.12).toFixed(2)} nm`,
      'Coating=Pt 60 s (sputter, Hitachi E-1045)',
      '',
    ].join('\r\n'),
  );
}

async function rawFilesOf(db: Db, order: DemoRawData): Promise<RawFile[]> {
  const { samples } = await vaultOrder(db, order.orderNo);
  if (order.technique === 'xrd') {
    return samples.map((sample, index) => ({
      sampleCode: sample.code,
      name: `${sample.code}_2theta10-80.xy`,
      instrument: 'Bruker D8 Advance X 射线衍射仪',
      description: '原始衍射数据（2θ / 计数，步长 0.02°），可用 Jade、HighScore 或 Origin 打开',
      bytes: xrdPattern(sample.name, sample.code, sample.name.includes('Au/'), 1000 + index),
    }));
  }
  return samples.flatMap((sample, index) =>
    [50_000, 100_000].flatMap((magnification) => {
      const image = `${sample.code}_SE_${magnification / 1000}k.png`;
      return [
        { sampleCode: sample.code, name: image, instrument: 'Hitachi SU8010 场发射扫描电镜', description: `二次电子像，${magnification / 10_000} 万倍，5 kV`, bytes: semImage(magnification, 2000 + index * 10 + magnification / 50_000) },
        { sampleCode: sample.code, name: image.replace(/\.png$/, '.txt'), instrument: 'Hitachi SU8010 场发射扫描电镜', description: '拍摄条件（电镜自动生成）', bytes: semConditions(sample.code, sample.name, magnification, image) },
      ];
    }),
  );
}

/** Files each order's raw data as the lab's upload screen does, and checks them. */
export async function seedVaultDemo(db: Db, files: FileStore, labStaffId: number, orders: DemoRawData[]): Promise<void> {
  const deps = { files, jobs: null };
  for (const order of orders) {
    for (const file of await rawFilesOf(db, order)) {
      const upload = await startUpload(db, deps, labStaffId, { order_no: order.orderNo, sample_code: file.sampleCode, instrument: file.instrument, description: file.description, name: file.name, size: file.bytes.length }, order.at);
      for (let part = 1; (part - 1) * VAULT_PART_BYTES < file.bytes.length; part += 1) {
        await writePart(db, deps, { rid: upload.rid, part }, Readable.from([file.bytes.subarray((part - 1) * VAULT_PART_BYTES, part * VAULT_PART_BYTES)]));
      }
      const done = await completeUpload(db, deps, { rid: upload.rid, sha256: createHash('sha256').update(file.bytes).digest('hex') }, order.at);
      await verifyUploaded(db, deps, (await fileByRid(db, done.rid)).id, order.at);
    }
  }
}
