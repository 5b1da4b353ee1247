import type { Command } from 'commander';
import { doctor, renderDoctor } from '../../features/doctor/doctor.js';
import { runFeature } from '../context.js';

export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('Show which external programs and manuals docent found, with versions and install commands')
    .action(async (_opts, cmd: Command) => {
      await runFeature(cmd, (ctx) => doctor({}, ctx), renderDoctor);
    });
}
