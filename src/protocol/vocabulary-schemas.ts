/** zod enums of the protocol vocabulary (./vocabulary.ts), for the checker's frame schemas and the scenario schema. */
import { z } from 'zod';
import {
  AGENT_STATES, CLI_NAMES, NOTIFICATION_STATUSES, PROFILE_NAMES, SESSION_STATES, TASK_KINDS, TASK_STATUSES, TASK_SUBTYPES,
  TERMINAL_AGENT_STATES, TERMINAL_TASK_STATUSES,
} from './vocabulary.js';

export const CliNameSchema = z.enum(CLI_NAMES);
export const ProfileNameSchema = z.enum(PROFILE_NAMES);
export const TaskStatusSchema = z.enum(TASK_STATUSES);
export const TerminalTaskStatusSchema = z.enum(TERMINAL_TASK_STATUSES);
export const NotificationStatusSchema = z.enum(NOTIFICATION_STATUSES);
export const AgentStateSchema = z.enum(AGENT_STATES);
export const TerminalAgentStateSchema = z.enum(TERMINAL_AGENT_STATES);
export const TaskKindSchema = z.enum(TASK_KINDS);
export const SessionStateSchema = z.enum(SESSION_STATES);
export const TaskSubtypeSchema = z.enum(TASK_SUBTYPES);
