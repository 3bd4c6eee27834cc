import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { langOf, LanguageInput, type Lang } from "../../../shared/locale.js";

// Prompt arguments arrive as strings (MCP); each is bounded so a prompt never expands unbounded
// text into the conversation.
export const PromptText = z.string().trim().min(1).max(200);
export const PromptLanguage = LanguageInput.optional().describe("ru (default) or en");

/** One user message in the prompt's language. */
export function userMessage(description: string, text: string): GetPromptResult {
  return { description, messages: [{ role: "user", content: { type: "text", text } }] };
}

export function promptLang(language: string | undefined): Lang {
  return langOf(language);
}
