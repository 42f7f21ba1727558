// The ILIKE pattern of "contains": the searched text with its wildcard characters escaped, so '50%' finds '50%'
// and not everything starting with '50'. Every list and picker search builds its pattern here.
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
