// Comments: a family of their own records whose routes hang under the commented family's collection.
import { defineFamily } from "../../family";

/** Comments: their routes hang under the commented family's collection (its `tags.comments`). */
export const annotations = defineFamily({ key: "annotations", label: "Comment" });
