// The Node.js globals drive.ts uses, declared here rather than installing @types/node for three
// members (api-tools pins the tools the build runs; the DOM library already types fetch).
declare const process: {
    readonly argv: string[];
    readonly env: Record<string, string | undefined>;
    exitCode: number | undefined;
};
