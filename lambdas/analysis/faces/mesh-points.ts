/** Face-mesh indices the engine reads: the brows and the base of the nose (the middle facial third), the cheek extremes (face width), the chin. */
export const MESH_POINTS: Record<string, number> = {
  browLeft: 105,
  browRight: 334,
  noseBase: 2,
  cheekLeft: 234,
  cheekRight: 454,
  chin: 152,
};
